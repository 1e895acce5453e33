/**
 * Which plate a readout belongs to, by its barcode. A plate's barcode is its destination
 * barcode (the dispensing settings); a readout without a barcode goes to the open plate.
 * Campaign plates carry barcodes the same way: they join the candidates, nothing else changes.
 */

export interface BarcodedPlate {
  experimentId: number;
  barcode: string;
}

/** The plate a barcode names, the open plate for no barcode, or undefined: unmatched. */
export function plateForBarcode(
  barcode: string,
  open: BarcodedPlate,
  others: readonly BarcodedPlate[] = [],
): BarcodedPlate | undefined {
  if (barcode === '') return open;
  const wanted = barcode.trim().toLowerCase();
  return [open, ...others].find(
    (p) => p.barcode !== '' && p.barcode.trim().toLowerCase() === wanted,
  );
}
