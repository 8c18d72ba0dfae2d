/** An item as the pickup pieces (the control, "Add to pickup list", "Notify me") read it. */
export interface PickupItem {
  id: string;
  name: string;
  /** Units on the shelf; null when not counted (it may still be reserved: decision 0273). */
  stock?: number | null;
  /**
   * Its limit per customer and its shelf's facts, which cap what one customer may reserve
   * (decisions 0371, 0374); undefined where the page does not read them (the menu's cards), and
   * the server then says so when a line is over.
   */
  limitPerCustomer?: number | null;
  shelfStock?: number | null;
  heldStock?: number | null;
}
