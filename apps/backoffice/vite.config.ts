import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const api = process.env.PORTAL_API_TARGET ?? 'http://127.0.0.1:8080';

/** The back office: its own bundle, served by the portal's server under /backoffice/. */
export default defineConfig({
  base: '/backoffice/',
  plugins: [react()],
  server: {
    host: '127.0.0.1',
    port: 5174,
    proxy: { '/api': { target: api, changeOrigin: false } },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
    chunkSizeWarningLimit: 1500,
    rolldownOptions: {
      output: {
        advancedChunks: {
          groups: [
            { name: 'grid', test: /node_modules[\\/]@mui[\\/]x-/ },
            { name: 'charts', test: /node_modules[\\/](recharts|d3-|victory)/ },
            { name: 'vendor', test: /node_modules/ },
          ],
        },
      },
    },
  },
});
