import type { ReactElement } from "react";
import { render } from "@testing-library/react";
import { ErrorProvider } from "../errors/ErrorContext";

/** Renders a component the way the app does: inside the error toasts' provider. */
export function renderInApp(ui: ReactElement) {
  return render(
    <ErrorProvider onOpenFolder={() => undefined} onReloadCatalogue={() => undefined}>
      {ui}
    </ErrorProvider>,
  );
}
