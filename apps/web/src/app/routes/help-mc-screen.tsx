import { RouteSuspense } from '../layouts/route-suspense.tsx';
import { HelpScreen } from './help-screen.tsx';

/** /helpmc: the help centre without header, footer or side bar (used inside apps and the service window). */
export function HelpMcScreen() {
  return (
    <main id="main" className="bare">
      <RouteSuspense>
        <HelpScreen />
      </RouteSuspense>
    </main>
  );
}
