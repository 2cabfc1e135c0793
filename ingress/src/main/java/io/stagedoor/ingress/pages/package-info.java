/**
 * The buyer page ({@code /}) and the operator page ({@code /ops}): plain HTML, CSS and JavaScript modules served from
 * the classpath's {@code static/} folder, with no build step. They pass the door but no other ring.
 */
package io.stagedoor.ingress.pages;
