export type ScenarioOptions = { connections: number; durationSeconds: number };

export type ScenarioResult = {
  /** Rows printed as a table. */
  table: Record<string, unknown>[];
  /** One line that says what the figures mean. */
  summary: string;
  /** Written to bench/results/<name>.json. */
  figures: Record<string, unknown>;
  /** The results file's name when not the scenario's (a variant: the rush with another payment provider). */
  resultsName?: string;
};

export type Scenario = { name: string; run: (options: ScenarioOptions) => Promise<ScenarioResult> };
