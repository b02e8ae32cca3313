// Tailwind 3 (see postcss.config.js for why not 4). Preflight is off: components/ui/globals.css
// is the base layer the account and sign-in pages were built on, and the utilities sit on top.
/** @type {import('tailwindcss').Config} */
export default {
  content: ["./app/**/*.{ts,tsx}", "./components/**/*.{ts,tsx}"],
  corePlugins: { preflight: false },
  theme: {
    extend: {
      colors: {
        ink: "#1b1f24",
        muted: "#4f5965",
        line: "#d5dae0",
        accent: "#0b57d0",
        // Confidence tints (cell backgrounds) and their strong outline colours; each tint keeps
        // the ink colour above 4.5:1 (the darkest, disputed, 8.2:1). The tints also differ in
        // lightness, so they survive colour blindness: verified vs disputed 1.90:1 in luminance,
        // 1.77:1 under a simulated deuteranopia (Machado 2009), unverified vs disputed 1.58:1 (was
        // 1.13 and 1.17). Colour is never alone: every cell carries its level's mark too.
        conf: {
          exact: "#f2f9f4",
          verified: "#f2f9f4",
          confirmed: "#d3e2fb",
          reviewed: "#e4defa",
          resolved: "#eaf3cc",
          unverified: "#fde7a1",
          disputed: "#f2a19b",
        },
      },
    },
  },
  plugins: [],
};
