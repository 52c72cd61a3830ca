// GET /editor: the beta editor for readers with the beta cookie (a lambda constraint), else the old one.
export default {
  beta: () => "<p>The new editor.</p>",
  show: () => "<p>The editor.</p>",
};
