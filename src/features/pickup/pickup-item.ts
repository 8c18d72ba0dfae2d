/** An item as the pickup pieces (the control, "Add to pickup list", "Notify me") read it. */
export interface PickupItem {
  id: string;
  name: string;
  /** Units on the shelf; null when not counted (it may still be reserved: decision 0273). */
  stock?: number | null;
}
