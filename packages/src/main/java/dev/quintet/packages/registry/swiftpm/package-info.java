/** SwiftPM: Swift packages as GitHub repositories, their tags and {@code Package.swift} manifests. */
package dev.quintet.packages.registry.swiftpm;
