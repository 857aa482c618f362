// Front Worker of workerd.capnp: /prebuilt/... goes to the "prebuilt" Worker, the rest to "auto".
export default {
  fetch(request, env) {
    const url = new URL(request.url);
    return url.pathname.startsWith("/prebuilt") ? env.PREBUILT.fetch(request) : env.AUTO.fetch(request);
  },
};
