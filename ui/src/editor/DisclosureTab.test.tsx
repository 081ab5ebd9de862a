import { describe, expect, it } from "vitest";
import { render, screen } from "@testing-library/react";
import { DisclosureTab } from "./DisclosureTab";

describe("Disclosure tab", () => {
  it("draws each level against its budget, amber near it and red over it", () => {
    render(
      <DisclosureTab
        tokens={{ l1: 50, l2: 4500, l3: 12_400 }}
        budgets={{ l1: 100, l2: 5000, resource: 10_000, listing: 8000, severity: "warning" }}
        l2Budget={5000}
        resources={[
          { path: "references/long.md", size: 48_000, tokens: 12_000 },
          { path: "scripts/run.py", size: 1600, tokens: 400 },
          { path: "assets/logo.png", size: 9000, tokens: null },
        ]}
      />,
    );
    const l1 = screen.getByTestId("bar-l1");
    expect(l1.dataset.tone).toBe("ok");
    expect(l1.querySelector<HTMLElement>(".budget-fill")?.style.width).toBe("50%");
    expect(l1.textContent).toContain("50 of 100 tokens");

    const l2 = screen.getByTestId("bar-l2");
    expect(l2.dataset.tone).toBe("near");
    expect(l2.querySelector<HTMLElement>(".budget-fill")?.style.width).toBe("90%");

    const [long, small] = screen.getAllByTestId("bar-l3");
    expect(long?.dataset.tone).toBe("over");
    expect(long?.querySelector<HTMLElement>(".budget-fill")?.style.width).toBe("100%");
    expect(long?.textContent).toContain("2,000 over");
    expect(long?.querySelector('[role="meter"]')?.getAttribute("aria-valuenow")).toBe("12000");
    expect(small?.dataset.tone).toBe("ok");
    expect(screen.getByText(/1 binary file is not counted/)).toBeTruthy();
  });

  it("uses the skill's own L2 budget", () => {
    render(
      <DisclosureTab
        tokens={{ l1: 10, l2: 1500, l3: 0 }}
        budgets={{ l1: 100, l2: 5000, resource: 10_000, listing: 8000, severity: "warning" }}
        l2Budget={1000}
        resources={[]}
      />,
    );
    expect(screen.getByTestId("bar-l2").dataset.tone).toBe("over");
    expect(screen.getByTestId("bar-l2").textContent).toContain("1,500 of 1,000 tokens");
  });
});
