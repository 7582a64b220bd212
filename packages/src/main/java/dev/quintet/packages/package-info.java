/** Package metadata (S5): metadata, dependencies and releases across package managers. */
package dev.quintet.packages;
