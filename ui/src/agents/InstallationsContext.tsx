import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from "react";
import type { AgentsView } from "../bindings/AgentsView";
import type { CatalogueView } from "../bindings/CatalogueView";
import type { Installed } from "../bindings/Installed";
import * as platform from "../platform";
import { GLOBAL } from "./agentsModel";

type Installations = { global: AgentsView | null; refresh: () => void };

const InstallationsContext = createContext<Installations>({ global: null, refresh: () => undefined });

/**
 * What is installed for every project (agents_view, global scope), read once each time the
 * catalogue is opened or re-read, so that the editor can say where a skill is installed without
 * asking the shell on every keystroke. The Agents view calls `refresh` after it applies a plan.
 */
export function InstallationsProvider(props: { catalogue: CatalogueView | null; children: ReactNode }) {
  const [global, setGlobal] = useState<AgentsView | null>(null);
  const seq = useRef(0);
  const open = props.catalogue !== null;

  const refresh = useCallback(() => {
    const id = ++seq.current;
    platform.agentsView(GLOBAL).then(
      (answer) => {
        if (seq.current === id) setGlobal(answer ?? null);
      },
      // The line in the editor is a side note: when the lock cannot be read, the Agents view says
      // why (it asks again and reports the error); here the line is simply left out.
      () => {
        if (seq.current === id) setGlobal(null);
      },
    );
  }, []);

  useEffect(() => {
    if (open) refresh();
    else setGlobal(null);
  }, [open, props.catalogue, refresh]);

  const value = useMemo(() => ({ global, refresh }), [global, refresh]);
  return <InstallationsContext.Provider value={value}>{props.children}</InstallationsContext.Provider>;
}

export function useInstallations(): Installations {
  return useContext(InstallationsContext);
}

/** This catalogue's global installations of one skill (another installer's are not its). */
export function useInstalledSkill(name: string): { installed: Installed[]; toolName: (id: string) => string } {
  const { global } = useInstallations();
  return useMemo(() => {
    const names = new Map((global?.tools ?? []).map((t) => [t.id, t.name]));
    return {
      installed: (global?.installed ?? []).filter((i) => i.skill === name && i.state !== "foreign"),
      toolName: (id: string) => names.get(id) ?? id,
    };
  }, [global, name]);
}
