/** Julia: packages of the General registry, from JuliaHub's documentation metadata. */
package dev.quintet.packages.registry.julia;
