// Static pages, as an object of actions rather than a class.
import { layout } from "../views/layout.js";

export default {
  about: () => layout("About", "<p>A small blog served by switchyard.</p>"),
  privacy: () => layout("Privacy", "<p>Nothing is kept: the posts live in memory.</p>"),
};
