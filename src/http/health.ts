/**
 * Rails 7.1's built-in health check, `Rails::HealthController` (railties' health_controller.rb):
 * `r.get("up", { to: "rails/health#show", as: "rails_health_check" })`, as a new Rails app
 * declares it, answers a page with a green background (200) when the application is up, a red one
 * (500) when its check throws. Its body is Rails' byte for byte, an HTML page because that is what
 * Rails renders (a load balancer reads the status; a person opening /up sees the colour).
 *
 * The controller is a fallback: an application's own `rails/health` controller (in the
 * controllers map or app/controllers/rails/health_controller.ts) wins. To check more than that the
 * process answers (a database, as Rails' docs suggest doing with care), extend this class and
 * override `check()`: a throw or a rejection is the red page, as Rails' `rescue_from(Exception)`.
 */
import { HTML } from "./reply.js";

const page = (color: string) => `<!DOCTYPE html><html><body style="background-color: ${color}"></body></html>`;
const UP = page("green");
const DOWN = page("red");

export class HealthController {
  /** What must hold for the application to be up: nothing beyond answering, unless a subclass says more. */
  check(): unknown {
    return undefined;
  }

  /** 200 and the green page when `check()` returns (or resolves); 500 and the red page when it throws (or rejects). */
  async show(): Promise<Response | string> {
    try {
      await this.check();
      return UP;
    } catch {
      return new Response(DOWN, { status: 500, headers: { "content-type": HTML } });
    }
  }
}

/** The controllers switchyard brings, by controller path: used when the application has none by that path. */
export const BUILT_IN_CONTROLLERS: Readonly<Record<string, typeof HealthController>> = {
  "rails/health": HealthController,
};
