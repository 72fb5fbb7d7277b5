import '@echomq/branded-widgets';
