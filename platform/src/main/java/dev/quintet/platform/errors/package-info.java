/** Errors: one description of every failure, rendered in each service's own error shape. */
package dev.quintet.platform.errors;
