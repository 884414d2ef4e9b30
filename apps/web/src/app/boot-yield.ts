/**
 * A turn for the browser between the two halves of the app's start (main.tsx imports this between
 * them): the modules imported after it are evaluated in a task of their own, so neither half is one
 * long task on a slow phone (decision 108). The bundle keeps the import order.
 */
await new Promise<void>((resolve) => {
  setTimeout(resolve, 0);
});

export {};
