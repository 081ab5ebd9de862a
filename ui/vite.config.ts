import { defineConfig } from "vite";
import react from "@vitejs/plugin-react";

// The UI is loaded by Tauri from ui/dist (relative paths) or from the dev server on port 1420.
// Nothing here reaches the network: no CDN, no remote fonts, no analytics.
export default defineConfig({
  base: "./",
  plugins: [react()],
  clearScreen: false,
  // Only this machine: tauri.conf.json's devUrl is http://localhost:1420.
  server: {
    port: 1420,
    strictPort: true,
    host: "localhost",
  },
  preview: {
    port: 4173,
    strictPort: true,
    host: "localhost",
  },
  build: {
    outDir: "dist",
    emptyOutDir: true,
    target: "es2022",
    // The polyfill would be injected as code; WebKitGTK and WebView2 support modulepreload.
    modulePreload: { polyfill: false },
    chunkSizeWarningLimit: 1200,
  },
});
