/**
 * The OpenAPI 3.1 description of every route, checked in beside the code and served on the admin listener; a test
 * holds it to the routes the application serves and to their real answers.
 */
package io.stagedoor.ingress.openapi;
