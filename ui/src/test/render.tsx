import type { ReactElement, ReactNode } from "react";
import { render } from "@testing-library/react";
import { ErrorProvider } from "../errors/ErrorContext";

/** The providers the app wraps every screen in (the error toasts), as a `wrapper` for render and renderHook. */
export function InApp(props: { children: ReactNode }) {
  return (
    <ErrorProvider onOpenFolder={() => undefined} onReloadCatalogue={() => undefined}>
      {props.children}
    </ErrorProvider>
  );
}

/** Renders a component the way the app does: inside the error toasts' provider (`rerender` too). */
export function renderInApp(ui: ReactElement) {
  return render(ui, { wrapper: InApp });
}
