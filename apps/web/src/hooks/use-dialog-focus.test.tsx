import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState, type ReactElement } from 'react';
import { describe, expect, it } from 'vitest';
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogTitle,
} from '@/components/ui/alert-dialog';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';

/** A dialog with a note before its field, so "first field" is not just "first element". */
function NameDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogTitle>Editar nome</DialogTitle>
        <DialogDescription>Altere o nome.</DialogDescription>
        <a href="#ajuda">Ajuda</a>
        <label htmlFor="name">Nome</label>
        <input id="name" defaultValue="Ana" />
      </DialogContent>
    </Dialog>
  );
}

function OpenedByState() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button>Outro botão</Button>
      <Button onClick={() => setOpen(true)}>Abrir</Button>
      <NameDialog open={open} onOpenChange={setOpen} />
    </>
  );
}

function OpenedFromMenu() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <DropdownMenu modal={false}>
        <DropdownMenuTrigger asChild>
          <Button>Ações</Button>
        </DropdownMenuTrigger>
        <DropdownMenuContent>
          <DropdownMenuItem onSelect={() => setOpen(true)}>Editar</DropdownMenuItem>
        </DropdownMenuContent>
      </DropdownMenu>
      <NameDialog open={open} onOpenChange={setOpen} />
    </>
  );
}

function WithSubViewsAndConfirm() {
  const [open, setOpen] = useState(false);
  const [view, setView] = useState<'menu' | 'email'>('menu');
  const [confirm, setConfirm] = useState(false);
  return (
    <>
      <Button onClick={() => setOpen(true)}>Gerenciar</Button>
      <Dialog open={open} onOpenChange={setOpen}>
        <DialogContent>
          <DialogTitle>Gerenciar</DialogTitle>
          <DialogDescription>Escolha uma ação.</DialogDescription>
          {view === 'menu' ? (
            <nav aria-label="Ações">
              <Button onClick={() => setView('email')}>Alterar e-mail</Button>
              <Button onClick={() => setConfirm(true)}>Excluir</Button>
            </nav>
          ) : (
            <section aria-label="Alterar e-mail">
              <Button onClick={() => setView('menu')}>Voltar</Button>
              <label htmlFor="email">Novo e-mail</label>
              <input id="email" />
            </section>
          )}
          <AlertDialog open={confirm} onOpenChange={setConfirm}>
            <AlertDialogContent>
              <AlertDialogTitle>Excluir?</AlertDialogTitle>
              <AlertDialogDescription>Não pode ser desfeito.</AlertDialogDescription>
              <AlertDialogCancel>Cancelar</AlertDialogCancel>
              <Button
                onClick={() => {
                  setConfirm(false);
                  setOpen(false);
                }}
              >
                Confirmar
              </Button>
            </AlertDialogContent>
          </AlertDialog>
        </DialogContent>
      </Dialog>
    </>
  );
}

/** A dialog that opens another one when it is done (generate keys, then the keys). */
function OneAfterAnother() {
  const [first, setFirst] = useState(false);
  const [second, setSecond] = useState(false);
  return (
    <>
      <Button onClick={() => setFirst(true)}>Gerar</Button>
      <Dialog open={first} onOpenChange={setFirst}>
        <DialogContent>
          <DialogTitle>Gerar</DialogTitle>
          <DialogDescription>Quantas?</DialogDescription>
          <Button
            onClick={() => {
              setFirst(false);
              setSecond(true);
            }}
          >
            Confirmar
          </Button>
        </DialogContent>
      </Dialog>
      <Dialog open={second} onOpenChange={setSecond}>
        <DialogContent>
          <DialogTitle>Geradas</DialogTitle>
          <DialogDescription>Pronto.</DialogDescription>
        </DialogContent>
      </Dialog>
    </>
  );
}

/** Renders `ui`, clicks the button named `opener` and finds the dialog it opens. */
async function openDialog(ui: ReactElement, opener: string, name: string) {
  const user = userEvent.setup();
  render(ui);
  await user.click(screen.getByRole('button', { name: opener }));
  return { user, dialog: await screen.findByRole('dialog', { name }) };
}

/** Waits for every dialog to close, then expects the focus on the button named `name`. */
async function expectFocusBackOn(name: string) {
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  expect(screen.getByRole('button', { name })).toHaveFocus();
}

describe('dialog focus', () => {
  it('opens a dialog on its first field and gives the focus back to the button that opened it', async () => {
    const { user, dialog } = await openDialog(<OpenedByState />, 'Abrir', 'Editar nome');
    expect(within(dialog).getByLabelText('Nome')).toHaveFocus();

    await user.keyboard('{Escape}');
    await expectFocusBackOn('Abrir');
  });

  it('gives the focus back to the menu button when the dialog was opened from a menu item', async () => {
    const user = userEvent.setup();
    render(<OpenedFromMenu />);
    await user.click(screen.getByRole('button', { name: 'Ações' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Editar' }));
    const dialog = await screen.findByRole('dialog', { name: 'Editar nome' });
    expect(within(dialog).getByLabelText('Nome')).toHaveFocus();

    await user.click(within(dialog).getByRole('button', { name: 'Fechar' }));
    await expectFocusBackOn('Ações');
  });

  it('moves the focus to the first field of a sub-view, not to the dialog box', async () => {
    const { user, dialog } = await openDialog(<WithSubViewsAndConfirm />, 'Gerenciar', 'Gerenciar');
    expect(within(dialog).getByRole('button', { name: 'Alterar e-mail' })).toHaveFocus();

    await user.click(within(dialog).getByRole('button', { name: 'Alterar e-mail' }));
    await waitFor(() => expect(within(dialog).getByLabelText('Novo e-mail')).toHaveFocus());

    await user.click(within(dialog).getByRole('button', { name: 'Voltar' }));
    await waitFor(() =>
      expect(within(dialog).getByRole('button', { name: 'Alterar e-mail' })).toHaveFocus(),
    );
  });

  it('returns from a confirmation to its button, and from both to the first opener', async () => {
    const { user, dialog } = await openDialog(<WithSubViewsAndConfirm />, 'Gerenciar', 'Gerenciar');

    await user.click(within(dialog).getByRole('button', { name: 'Excluir' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Excluir?' });
    expect(within(confirm).getByRole('button', { name: 'Cancelar' })).toHaveFocus();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(within(dialog).getByRole('button', { name: 'Excluir' })).toHaveFocus();

    await user.click(within(dialog).getByRole('button', { name: 'Excluir' }));
    await user.click(await screen.findByRole('button', { name: 'Confirmar' }));
    await expectFocusBackOn('Gerenciar');
  });

  it('sends the focus of a dialog opened by another dialog back to the first opener', async () => {
    const { user, dialog } = await openDialog(<OneAfterAnother />, 'Gerar', 'Gerar');
    await user.click(within(dialog).getByRole('button', { name: 'Confirmar' }));
    await screen.findByRole('dialog', { name: 'Geradas' });
    await user.keyboard('{Escape}');
    await expectFocusBackOn('Gerar');
  });

  it("announces the close button as 'Fechar'", async () => {
    const { dialog } = await openDialog(<OpenedByState />, 'Abrir', 'Editar nome');
    expect(within(dialog).getByRole('button', { name: 'Fechar' })).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Close' })).not.toBeInTheDocument();
  });
});
