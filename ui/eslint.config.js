import js from "@eslint/js";
import reactHooks from "eslint-plugin-react-hooks";
import { defineConfig, globalIgnores } from "eslint/config";
import tseslint from "typescript-eslint";

export default defineConfig(
  // The bindings are written by ts-rs from the Rust types; fixing them here would be undone.
  globalIgnores(["dist/", "src/bindings/"]),
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    files: ["**/*.{ts,tsx}"],
    plugins: { "react-hooks": reactHooks },
    rules: {
      "react-hooks/rules-of-hooks": "error",
      "react-hooks/exhaustive-deps": "error",
    },
  },
  {
    // The architecture rule: the shell is reached through platform.ts alone, so the app can run
    // against the recorded demo in a browser and the IPC surface stays in one reviewed place.
    // Tests are exempt: they stand in for Rust with @tauri-apps/api/mocks.
    files: ["src/**/*.{ts,tsx}"],
    ignores: ["src/platform.ts", "src/**/*.test.{ts,tsx}"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              group: ["@tauri-apps/*"],
              message: "Only src/platform.ts imports @tauri-apps; call its typed functions instead.",
            },
          ],
        },
      ],
    },
  },
);
