// A long OData-style list of orders, as the result panel's benchmark and its end-to-end test receive it.

/** How many orders the answer lists. */
export const ORDER_ROWS = 50_000;

/** A permutation of 0..ORDER_ROWS-1, so that sorting by a column really reorders the rows. */
function shuffled(i: number, step: number, offset: number): number {
  return (i * step + offset) % ORDER_ROWS;
}

/** Row i's order number and total, as the answer writes them. */
export function orderOf(i: number): { orderNo: string; total: string } {
  return { orderNo: `A-${100_000 + i}`, total: `${shuffled(i, 104_729, 777)}.50` };
}

/**
 * An OData-style answer of 50,000 orders (about 7 MB). Totals and amounts have two decimals (777.50), which only an
 * exact reader keeps, so the panel's exact numbers are part of what is shown.
 */
export function ordersAnswer(): string {
  const rows = Array.from({ length: ORDER_ROWS }, (_, i) =>
    `{"OrderNo":"${orderOf(i).orderNo}","Status":"${i % 3 ? 'Released' : 'Planned'}","Customer":"Customer ${shuffled(i, 7919, 12_345)}",` +
    `"Total":${orderOf(i).total},"Qty":${i % 97},"Date":"2024-03-01","Lines":[{"No":1,"Amount":3.70}]}`);
  return `{"@odata.context":"$metadata#Orders","value":[${rows.join(',')}]}`;
}
