/** The Elm package site adapter: release lists with times and each version's elm.json. */
package dev.quintet.packages.registry.elm;
