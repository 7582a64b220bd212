/** Deno: third-party modules on deno.land/x, from the apiland module API and the deno.land CDN's metadata. */
package dev.quintet.packages.registry.deno;
