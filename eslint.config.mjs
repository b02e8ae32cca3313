// ESLint (flat config): `npm run lint`. TypeScript is linted with typescript-eslint's type-aware
// rules (the type checker sees what a plain parser cannot: a promise nobody awaits, an `await` on
// something that is not a promise, a condition that is always true); the site's React code with the
// hooks rules and Next.js's own rules. Formatting is Prettier's job (`npm run format:check`), so
// no rule here is about layout.
import js from "@eslint/js";
import tseslint from "typescript-eslint";
import reactHooks from "eslint-plugin-react-hooks";
import nextPlugin from "@next/eslint-plugin-next";
import globals from "globals";

export default tseslint.config(
  {
    ignores: [
      "node_modules/",
      ".next/",
      "dist/",
      ".data/",
      "eval-out/",
      "artifacts/",
      "test-results/",
      "playwright-report/",
      "next-env.d.ts",
    ],
  },
  {
    linterOptions: { reportUnusedDisableDirectives: "error" },
  },
  js.configs.recommended,
  {
    files: ["**/*.ts", "**/*.tsx"],
    extends: [tseslint.configs.recommendedTypeChecked],
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      // The type-aware rules this project relies on most: a promise must be awaited, returned or
      // explicitly dropped with `void` (an unawaited rejection kills a Node process), and never
      // handed to a place that expects a plain function.
      // node:test's test() and describe() return promises the runner itself awaits.
      "@typescript-eslint/no-floating-promises": [
        "error",
        { allowForKnownSafeCalls: [{ from: "package", package: "node:test", name: ["test", "it", "describe", "suite"] }] },
      ],
      "@typescript-eslint/no-misused-promises": ["error", { checksVoidReturn: { attributes: false } }],
      // A number, boolean or array (a box, a point) in a message reads well as it stringifies.
      "@typescript-eslint/restrict-template-expressions": ["error", { allowNumber: true, allowBoolean: true, allowArray: true }],
      // An async function without await is used on purpose: it turns a throw into a rejection
      // and fits an interface that returns a promise. Nothing to check there.
      "@typescript-eslint/require-await": "off",
      // Unused names are errors, except the `_name` a signature needs but the body does not.
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_", caughtErrors: "none" }],
    },
  },
  {
    // Tests read response bodies with `await response.json()` (typed any) and then assert their
    // values and shape; typing each body first would repeat what the assertion says. A value a
    // test stringifies is what it compares, so "[object Object]" would fail the assertion.
    files: ["**/*.test.ts", "**/*.spec.ts", "e2e/**/*.ts"],
    rules: {
      "@typescript-eslint/no-explicit-any": "off",
      "@typescript-eslint/no-base-to-string": "off",
      "@typescript-eslint/no-unsafe-argument": "off",
      "@typescript-eslint/no-unsafe-assignment": "off",
      "@typescript-eslint/no-unsafe-call": "off",
      "@typescript-eslint/no-unsafe-member-access": "off",
      "@typescript-eslint/no-unsafe-return": "off",
    },
  },
  {
    files: ["**/*.mjs", "**/*.js"],
    languageOptions: { globals: { ...globals.node } },
  },
  {
    files: ["app/**/*.{ts,tsx}", "components/**/*.{ts,tsx}"],
    plugins: { "react-hooks": reactHooks, "@next/next": nextPlugin },
    rules: {
      ...reactHooks.configs.flat.recommended.rules,
      ...nextPlugin.configs.recommended.rules,
      ...nextPlugin.configs["core-web-vitals"].rules,
      // A plain <a> is a full page load, which the error pages and the site's header want (a
      // fresh start after a failure, the session read anew); this rule is for the pages/ router.
      "@next/next/no-html-link-for-pages": "off",
    },
  },
);
