"""Write: the files of one generation put in the docs folder, each rewritten only when its bytes
change, and what the generation no longer produces removed."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

__all__ = ["Report", "Writer"]


@dataclass
class Report:
    """What one generation wrote."""

    spells: int = 0
    written: list[str] = field(default_factory=list)
    removed: list[str] = field(default_factory=list)


class Writer:
    """Writes files under ``out`` only when their bytes change; remembers what it produced."""

    def __init__(self, out: Path, report: Report):
        self.out, self.report = out, report
        self.produced: set[Path] = set()

    def write(self, relative: str, content: str | bytes) -> None:
        data = content.encode("utf-8") if isinstance(content, str) else content
        path = self.out / relative
        self.produced.add(path)
        if path.exists() and path.read_bytes() == data:
            return
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(data)
        self.report.written.append(relative)

    def keep(self, *relative: str) -> None:
        """Count files another step wrote under ``out`` as produced by this generation."""
        self.produced.update(self.out / name for name in relative)

    def prune(self, *folders: str) -> None:
        """Remove files of the given folders that this generation did not produce."""
        for folder in folders:
            base = self.out / folder
            if not base.exists():
                continue
            for path in sorted(base.rglob("*"), reverse=True):
                if path.is_file() and path not in self.produced:
                    path.unlink()
                    self.report.removed.append(str(path.relative_to(self.out)))
                elif path.is_dir() and not any(path.iterdir()):
                    path.rmdir()
