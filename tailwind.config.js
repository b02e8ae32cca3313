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
        // the ink colour above 4.5:1.
        conf: {
          exact: "#e3f2e8",
          verified: "#e3f2e8",
          confirmed: "#dbe8fd",
          reviewed: "#e8e4f7",
          resolved: "#eef5d6",
          unverified: "#fff3c4",
          disputed: "#fbd9d6",
        },
      },
    },
  },
  plugins: [],
};
