/** Test support shared by every module's tests (published as the platform test-jar). */
package dev.quintet.platform.testing;
