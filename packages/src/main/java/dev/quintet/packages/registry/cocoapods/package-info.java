/** CocoaPods: the trunk CDN's sharded version lists and per-version podspecs. */
package dev.quintet.packages.registry.cocoapods;
