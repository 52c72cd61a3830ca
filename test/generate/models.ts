// Model classes for the helper tests: `toParam()` gives the slug, else the id (null when new).
export class Model {
  constructor(
    readonly id: number | null = null,
    readonly slug: string | null = null,
  ) {}
  toParam(): string | null {
    return this.slug ?? (this.id == null ? null : String(this.id));
  }
}
export class Magazine extends Model {}
export class Ad extends Model {}
export class Photo extends Model {}
export class Sheep extends Model {}
export class AdminPhoto extends Model {
  static modelName = "Admin::Photo";
}
