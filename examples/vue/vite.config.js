import { defineConfig } from 'vite';
import vue from '@vitejs/plugin-vue';

// The widgets' tags are custom elements, not Vue components.
const isCustomElement = (tag) => tag.startsWith('branded-');

export default defineConfig({ plugins: [vue({ template: { compilerOptions: { isCustomElement } } })] });
