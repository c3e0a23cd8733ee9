/** A JSON call to a running interlingua; answers the status and the parsed body. */
export async function callJson(
  url: string,
  method: "GET" | "POST",
  key: string,
  body?: unknown,
  // biome-ignore lint/suspicious/noExplicitAny: tests read arbitrary JSON answers
): Promise<{ status: number; json: any }> {
  const response = await fetch(url, {
    method,
    headers: { "content-type": "application/json", authorization: `Bearer ${key}` },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await response.text();
  return { status: response.status, json: text === "" ? undefined : JSON.parse(text) };
}

/** Polls `/img/task/{id}/fetch` until the task is finished (or `statuses`); answers its record. */
export async function waitForTask(
  base: string,
  id: string,
  key: string,
  statuses = ["SUCCESS", "FAILURE", "CANCEL"],
  // biome-ignore lint/suspicious/noExplicitAny: tests read arbitrary JSON answers
): Promise<any> {
  for (let attempt = 0; attempt < 600; attempt++) {
    const { json } = await callJson(`${base}/img/task/${id}/fetch`, "GET", key);
    if (statuses.includes(json?.status)) return json;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`task ${id} never reached ${statuses.join("/")}`);
}
