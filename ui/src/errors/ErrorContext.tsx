import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from "react";
import type { AppError } from "../bindings/AppError";
import { ErrorToasts, type ShownError } from "./ErrorToasts";

type Report = (error: AppError, retry?: () => void) => void;

const ReportContext = createContext<Report>(() => undefined);

/** Shows AppErrors as toasts; `useReportError()` gives components the function to do so. */
export function ErrorProvider(props: {
  children: ReactNode;
  onOpenFolder: () => void;
  onReloadCatalogue: () => void;
}) {
  const [shown, setShown] = useState<ShownError[]>([]);
  const report = useCallback<Report>((error, retry) => {
    setShown((list) => {
      // The same problem twice in a row is shown once.
      const rest = list.filter((e) => e.error.code !== error.code || e.error.message !== error.message);
      return [...rest, { id: Date.now() + Math.random(), error, retry }].slice(-3);
    });
  }, []);
  const dismiss = useCallback((id: number) => setShown((list) => list.filter((e) => e.id !== id)), []);
  const value = useMemo(() => report, [report]);
  return (
    <ReportContext.Provider value={value}>
      {props.children}
      <ErrorToasts
        shown={shown}
        onDismiss={dismiss}
        onOpenFolder={props.onOpenFolder}
        onReloadCatalogue={props.onReloadCatalogue}
      />
    </ReportContext.Provider>
  );
}

export function useReportError(): Report {
  return useContext(ReportContext);
}
