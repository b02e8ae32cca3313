// The upload itself, with XMLHttpRequest rather than fetch: only XHR reports upload progress, and
// a 600 MB PDF on a slow line needs a moving bar, not a frozen button.
export interface UploadAnswer {
  status: number;
  body: { id?: string; url?: string; detail?: string };
}

export function sendUpload(form: FormData, onProgress: (fraction: number) => void): Promise<UploadAnswer> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open("POST", "/jobs");
    xhr.responseType = "text";
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
    };
    xhr.onload = () => {
      let body: UploadAnswer["body"];
      try {
        body = JSON.parse(xhr.responseText) as UploadAnswer["body"];
      } catch {
        body = { detail: xhr.status === 403 ? "the server refused this upload" : `the server answered ${xhr.status}` };
      }
      resolve({ status: xhr.status, body });
    };
    xhr.onerror = () => reject(new Error("the upload was interrupted; check your connection and try again"));
    xhr.onabort = () => reject(new Error("the upload was cancelled"));
    xhr.send(form);
  });
}
