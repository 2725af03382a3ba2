"""The layout tells the flow: the README's package table is the order of the layers, and no module imports one above its own.

A package (or a room of the suite, such as `conformance.running`) may import itself and
anything listed before it in the README's table, never what comes after it; the package root
`conformance` (its versions) stands at the bottom of the suite and `conformance.cli` at the top.
"""

from __future__ import annotations

import ast
import re
import tomllib

from tests import ROOT

TABLE_ROW = re.compile(r"^\| `([a-z_.]+)` \|", re.MULTILINE)


def layers() -> list[str]:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    start = readme.index("The Python packages, from the bottom up")
    return TABLE_ROW.findall(readme[start : readme.index("## Quickstart")])


def layer_of(module: str, order: list[str]) -> int | None:
    """The index of the layer a dotted module name belongs to: its longest listed prefix (None: not ours)."""
    if module in ("conformance.sdk",):
        return order.index("conformance.engines")
    if module == "conformance.cli":
        return order.index("conformance.commands")
    parts = module.split(".")
    for size in range(len(parts), 0, -1):
        prefix = ".".join(parts[:size])
        if prefix in order:
            return order.index(prefix)
    return None


def module_name(path: str) -> str:
    name = path.removesuffix(".py").replace("/", ".")
    return name.removesuffix(".__init__")


def imports(source: str, module: str) -> list[tuple[int, str]]:
    found = []
    package = module.split(".") if module.count(".") == 0 else module.split(".")[:-1]
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                base = ".".join([*package[: len(package) - node.level + 1], *([base] if base else [])])
            found.append((node.lineno, base))
        elif isinstance(node, ast.Import):
            found.extend((node.lineno, alias.name) for alias in node.names)
    return found


def test_the_readme_lists_every_package_the_wheel_ships() -> None:
    shipped = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["setuptools"]["packages"]
    # the data folders shipped as packages (documents.data.*, conformance.scenarios...) hold no code
    code = {name for name in shipped if (ROOT / name.replace(".", "/") / "__init__.py").is_file()}
    listed = set(layers())
    assert code - {"reference_impl.engine", "ruleset.compiled"} == listed


def test_no_module_imports_a_layer_above_its_own() -> None:
    order = layers()
    upward = []
    for top in {name.split(".")[0] for name in order}:
        for path in sorted((ROOT / top).rglob("*.py")):
            relative = str(path.relative_to(ROOT))
            module = module_name(relative)
            here = layer_of(module, order)
            assert here is not None, module
            for line, imported in imports(path.read_text(encoding="utf-8"), module):
                there = layer_of(imported, order)
                if there is not None and there > here:
                    upward.append(f"{relative}:{line}: {module} imports {imported} ({order[there]} stands above {order[here]})")
    assert not upward, "\n".join(upward)
