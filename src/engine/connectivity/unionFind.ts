/** A union-find over 0…n−1 on an Int32Array (path halving; the smaller index becomes the root, so roots are stable). */
export class UnionFind {
  readonly parent: Int32Array;

  constructor(count: number) {
    const parent = new Int32Array(count);
    for (let index = 0; index < count; index++) parent[index] = index;
    this.parent = parent;
  }

  find(item: number): number {
    const parent = this.parent;
    let current = item;
    while (parent[current] !== current) {
      const grand = parent[parent[current] as number] as number;
      parent[current] = grand;
      current = grand;
    }
    return current;
  }

  union(a: number, b: number): boolean {
    const rootA = this.find(a);
    const rootB = this.find(b);
    if (rootA === rootB) return false;
    if (rootA < rootB) this.parent[rootB] = rootA;
    else this.parent[rootA] = rootB;
    return true;
  }
}
