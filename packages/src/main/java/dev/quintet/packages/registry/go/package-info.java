/** The Go module proxy adapter: version lists, .info dates and go.mod requirements, retractions and deprecation. */
package dev.quintet.packages.registry.go;
