/** @type {import('next').NextConfig} */
const nextConfig = {
  // pdf.js, Prisma and the native canvas must be loaded from node_modules at run time, not bundled.
  serverExternalPackages: [
    "pdfjs-dist",
    "@napi-rs/canvas",
    "@prisma/client",
    "@prisma/adapter-pg",
    "pg",
    "busboy",
    "file-type",
    "sharp",
    "pino",
    "prom-client",
    "@aws-sdk/client-s3",
    "@aws-sdk/lib-storage",
  ],
  poweredByHeader: false,
  // Type errors are caught once, for the whole project (web, worker, scripts), by `npm run typecheck`
  // in the test command; the build does not repeat it.
  typescript: { ignoreBuildErrors: true },
};

export default nextConfig;
