/** Open VSX: VS Code extensions on the Eclipse Foundation's open registry. */
package dev.quintet.packages.registry.openvsx;
