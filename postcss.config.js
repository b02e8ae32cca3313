// Tailwind 3 through PostCSS: pure JavaScript. Tailwind 4's engine (@tailwindcss/oxide) needs a
// native binary per platform that this npm mirror does not carry, so it cannot be installed here.
export default {
  plugins: {
    tailwindcss: {},
  },
};
