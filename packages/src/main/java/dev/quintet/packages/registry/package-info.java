/** The supported package managers and the adapters that read each one's public metadata API. */
package dev.quintet.packages.registry;
