/**
 * The art the server writes into the page for its first paint (the home banner, decision 044; a game
 * list's first pictures, decision 105) sits in #root. React empties its container at the first commit,
 * and on a fast connection that can come before the art has painted, so the page's largest paint
 * then waits for the app's own pictures after all; moving the art elsewhere makes Chrome drop its
 * paint as well. So when there is art, the app renders into a container of its own inside #root
 * (`display: contents`: laid out as if it were #root), the boot spinner goes, and the art is removed
 * once its pictures have been decoded (or failed) and the app has had two frames to draw.
 */
export function appContainer(root: HTMLElement): HTMLElement {
  const art = root.querySelector<HTMLElement>(':scope > .boot-banner, :scope > .boot-list');
  if (!art) return root;
  root.querySelector(':scope > .boot-loader')?.remove();
  const app = document.createElement('div');
  app.style.display = 'contents';
  root.append(app);
  const pictures = [...art.querySelectorAll('img')].map((img) => img.decode().catch(() => undefined));
  void Promise.all(pictures).then(() => requestAnimationFrame(() => requestAnimationFrame(() => art.remove())));
  return app;
}
