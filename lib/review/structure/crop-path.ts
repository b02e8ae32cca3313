// The name a reviewer's figure crop is stored under (figure-crop.ts writes it), in a module of its
// own: the structure ops' schema checks it, and that schema is also loaded by the review page in
// the browser, which must not pull in the server's modules.
export const CROP_IMAGE_PATH = /^images\/review-[0-9a-f]{16}\.png$/;
