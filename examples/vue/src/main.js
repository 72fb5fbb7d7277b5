// The widgets' import and the app's mount in the same tick: App's onMounted runs before any microtask.
import '@echomq/branded-widgets';
import { createApp } from 'vue';
import App from './App.vue';

createApp(App).mount('#app');
