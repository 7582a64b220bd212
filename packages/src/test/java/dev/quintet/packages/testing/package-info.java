/** Test support: a fake upstream registry serving recorded answers. */
package dev.quintet.packages.testing;
