import { Component, type ReactNode, Suspense, useEffect, useState } from 'react';
import { nextTask } from '../tasks';

/**
 * A pre-rendered page hydrates in turns (decision 078): each part under `HydrateLater` is put off
 * to a task of its own, one after the other, its HTML staying on screen as it is until then, so
 * that no single task takes the whole page. Outside a hydration (any later render, the tests)
 * the children render at once.
 */
let lastTurn: Promise<void> = Promise.resolve();
/**
 * From the hydration's start until its last turn: what renders now may be the build's HTML, and a
 * part under `HydrateLater` waits for a turn of its own, also when a part hydrated in a turn holds
 * it (the layout's page, and the page's sections in it).
 */
let isTakingOver = false;

/** Ends the taking over a task after the last turn, once no turn has queued another. */
function endTakingOverAfterTheLastTurn(): void {
  const turn = lastTurn;
  // A task after the turn: its parts render in microtasks after it resolves, and queue theirs.
  void turn.then(nextTask).then(() => {
    if (turn === lastTurn) isTakingOver = false;
    else endTakingOverAfterTheLastTurn();
  });
}

/** Runs `hydrate` (the app's `hydrateRoot`) with the parts under `HydrateLater` put off. */
export function hydrateInTurns(hydrate: () => void): void {
  isTakingOver = true;
  try {
    hydrate();
  } finally {
    endTakingOverAfterTheLastTurn();
  }
}

/**
 * True where a form's controls are the build's HTML that the app has not taken over yet: rendered
 * at build time, then in the render that hydrates them; false once they are the app's. A control
 * of a pre-rendered page is disabled until then (decision 078): text typed into it would not be
 * the form's, and a submit would send the form to the server as a GET, password and all.
 * Call it in the part that renders the control, not above a `HydrateLater` around it: a hydrating
 * render leaves the build's attributes as they are, so the control must still be disabled in the
 * render of its own turn, and enabled by a later one.
 */
export function useIsPrerendered(): boolean {
  const [isPrerendered, setPrerendered] = useState(import.meta.env.SSR || isTakingOver);
  useEffect(() => {
    // The second render is the point: the one that hydrated could not change the build's HTML.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    if (isPrerendered) setPrerendered(false);
    // Once, after the render that hydrated it.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return isPrerendered;
}

type Props = { children: ReactNode };

/**
 * Suspends while hydrating until its turn has come: Preact keeps the HTML it would have claimed
 * (the range the build marked, see `MarkedAtBuild`) and hydrates it when the turn resolves.
 */
class Turn extends Component<Props> {
  private isDone = !isTakingOver;
  private readonly turn = this.isDone
    ? null
    : (lastTurn = lastTurn.then(nextTask).then(() => {
        this.isDone = true;
      }));

  override render(): ReactNode {
    if (!this.isDone && this.turn) throw this.turn;
    return this.props.children;
  }
}

/** The parts that have suspended once at build time. */
const markedAtBuild = new WeakSet<object>();

/**
 * At build time a part suspends once (decision 081): the renderer then writes its HTML between
 * `<!--$s-->` and `<!--/$s-->`, and Preact keeps that whole range while the part waits for its
 * turn, however many elements it holds (unmarked, it kept one element and rendered the rest anew).
 */
function MarkedAtBuild({ children }: Props): ReactNode {
  if (typeof children === 'object' && children !== null && !markedAtBuild.has(children)) {
    markedAtBuild.add(children);
    throw Promise.resolve();
  }
  return children;
}

/** Its children, hydrated in a later task than the rest of the page. */
export function HydrateLater({ children }: Props) {
  return (
    <Suspense fallback={null}>
      {import.meta.env.SSR ? <MarkedAtBuild>{children}</MarkedAtBuild> : <Turn>{children}</Turn>}
    </Suspense>
  );
}
