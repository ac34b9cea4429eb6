"""Grimoire : validation (et, plus tard, génération) du compendium de sorts."""
