// CloudFront Function (viewer request, runtime cloudfront-js-2.0) for dist/ in an S3 bucket
// served through its REST endpoint (Origin Access Control). That endpoint has no index
// documents, so this function applies the site's trailing-slash policy (src/core/urls.ts):
//   /about/          -> fetches about/index.html
//   /about?x=1       -> 301 to /about/?x=1
//   /assets/site.css -> unchanged (the last segment has a dot: a file)
// Written in ES5 style on purpose: it is pasted into CloudFront as it is.
function handler(event) {
  var request = event.request;
  var uri = request.uri;
  if (uri.charAt(uri.length - 1) === '/') {
    request.uri = uri + 'index.html';
    return request;
  }
  var last = uri.substring(uri.lastIndexOf('/') + 1);
  if (last.indexOf('.') !== -1) return request;
  var query = [];
  for (var name in request.querystring) {
    var field = request.querystring[name];
    var values = field.multiValue ? field.multiValue : [field];
    for (var i = 0; i < values.length; i++) query.push(values[i].value === '' ? name : name + '=' + values[i].value);
  }
  return {
    statusCode: 301,
    statusDescription: 'Moved Permanently',
    headers: {
      location: { value: uri + '/' + (query.length > 0 ? '?' + query.join('&') : '') },
      'cache-control': { value: 'public, max-age=3600' },
    },
  };
}
