"""Where each value of a composed variant was written: a file and line per JSON pointer.

Composition replaces whole values (a house rule's `deck` under the base's), so the origins of a
value and of everything below it are forgotten and re-learnt together. Kept as a tree of pointer
tokens, forgetting a value is cutting one branch and learning one is copying the branch of the file
that wrote it, each in time proportional to the value, not to the whole document.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from documents.errors import split_pointer
from documents.yaml_loader import Document

Origin = tuple[str, int]


@dataclass
class _Node:
    origin: Origin | None = None
    children: dict[str, _Node] = field(default_factory=dict)


class Origins:
    """A mapping from JSON pointer to (file, line), with whole branches forgotten or copied at once."""

    def __init__(self) -> None:
        self._root = _Node()

    def __contains__(self, pointer: object) -> bool:
        node = self._find(pointer) if isinstance(pointer, str) else None
        return node is not None and node.origin is not None

    def __getitem__(self, pointer: str) -> Origin:
        node = self._find(pointer)
        if node is None or node.origin is None:
            raise KeyError(pointer)
        return node.origin

    def __setitem__(self, pointer: str, origin: Origin) -> None:
        self._make(pointer).origin = origin

    def setdefault(self, pointer: str, origin: Origin) -> Origin:
        node = self._make(pointer)
        if node.origin is None:
            node.origin = origin
        return node.origin

    def nearest(self, pointer: str) -> Origin | None:
        """The origin of `pointer`, or of its nearest ancestor that has one."""
        node, found = self._root, self._root.origin
        for token in split_pointer(pointer):
            child = node.children.get(token)
            if child is None:
                break
            node = child
            found = child.origin or found
        return found

    def forget(self, pointer: str) -> None:
        """Forget the origin of `pointer` and of every value below it."""
        *parents, last = split_pointer(pointer)
        node: _Node | None = self._root
        for token in parents:
            node = node.children.get(token) if node else None
        if node is not None:
            node.children.pop(last, None)

    def learn(self, written: LineTree, source: str, dest: str) -> None:
        """Take the origins of the value at `source` in a file, and of everything below it, for the value at `dest`."""
        branch = written.branch(source)
        target = self._make(dest)
        if branch is not None:
            target.children = _copy(branch).children
            target.origin = branch.origin
        if target.origin is None:
            target.origin = (written.document.path, written.document.line_of(source))

    def _find(self, pointer: str) -> _Node | None:
        node: _Node | None = self._root
        for token in split_pointer(pointer):
            node = node.children.get(token) if node else None
        return node

    def _make(self, pointer: str) -> _Node:
        node = self._root
        for token in split_pointer(pointer):
            node = node.children.setdefault(token, _Node())
        return node


class LineTree:
    """A file's line map (`Document.lines`) as a tree, built once per composition for branch copies."""

    def __init__(self, document: Document) -> None:
        self.document = document
        self._root = _Node()
        for pointer, line in document.lines.items():
            node = self._root
            for token in split_pointer(pointer):
                node = node.children.setdefault(token, _Node())
            node.origin = (document.path, line)

    def branch(self, pointer: str) -> _Node | None:
        node: _Node | None = self._root
        for token in split_pointer(pointer):
            node = node.children.get(token) if node else None
        return node


def _copy(node: _Node) -> _Node:
    return _Node(node.origin, {token: _copy(child) for token, child in node.children.items()})
