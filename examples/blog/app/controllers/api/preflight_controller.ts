// OPTIONS /api/*path: CORS preflight answers.
export default {
  show: () =>
    new Response(null, {
      status: 204,
      headers: { "access-control-allow-origin": "*", "access-control-allow-methods": "GET, OPTIONS" },
    }),
};
